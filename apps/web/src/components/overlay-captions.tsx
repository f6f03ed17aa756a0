import type { CSSProperties } from 'react';
import type { OverlayStyle } from '@app/shared';

const FONTS: Record<OverlayStyle['font'], string> = {
  sans: 'system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  rounded: '"Trebuchet MS", "Arial Rounded MT Bold", system-ui, sans-serif',
  mono: 'ui-monospace, Menlo, Consolas, monospace',
};

const PLACES: Record<OverlayStyle['position'], CSSProperties> = {
  bottom: { bottom: '6%' },
  middle: { top: '50%', transform: 'translateY(-50%)' },
  top: { top: '6%' },
};

/**
 * The overlay's captions as OBS shows them (decision 037): a lower third (or top, or middle) of
 * one caption per language (wrapped, whole), sized for a 1080-pixel-high canvas and scaled to the box it is in (the
 * builder's preview is the same picture, smaller). `scale`: the box's height ÷ 1080.
 */
export function OverlayCaptions({ style, lines, scale = 1 }: { style: OverlayStyle; lines: Array<{ language: string; text: string }>; scale?: number }) {
  const size = Math.round(style.size * scale);
  const outline = `0 0 ${Math.max(1, size / 12)}px #000, 0 0 ${Math.max(1, size / 12)}px #000`;
  return (
    <div style={{ position: 'absolute', left: '5%', right: '5%', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: size * 0.2, ...PLACES[style.position] }}>
      {lines.filter((l) => l.text).map((l) => (
        <div
          key={l.language}
          lang={l.language}
          dir="auto"
          style={{
            fontFamily: FONTS[style.font],
            fontSize: size,
            lineHeight: 1.25,
            color: style.color,
            textAlign: 'center',
            padding: style.background === 'box' ? `${size * 0.12}px ${size * 0.4}px` : 0,
            background: style.background === 'box' ? 'rgba(0, 0, 0, 0.72)' : 'transparent',
            borderRadius: size * 0.15,
            textShadow: style.background === 'box' ? undefined : outline,
            // A long line wraps inside the box, whole: cutting its front ("… of us in our own
            // language") lost the start of what was said.
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
            maxWidth: '100%',
          }}
        >
          {l.text}
        </div>
      ))}
    </div>
  );
}
