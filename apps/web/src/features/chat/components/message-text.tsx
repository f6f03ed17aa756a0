import { Anchor, Text } from '@mantine/core';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)])/g;

/**
 * A message as plain text (never HTML: React escapes it), with web addresses made into links that
 * open in a new tab without handing it this page (noopener) or a referrer. Only http(s) addresses
 * become links, so `javascript:` never does.
 */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Anchor key={i} href={part} target="_blank" rel="noopener noreferrer nofollow" size="sm" inherit>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}
