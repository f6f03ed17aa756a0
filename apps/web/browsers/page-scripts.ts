/**
 * What the cross-browser journeys look at and touch in the page, as function bodies sent through
 * each engine's driver (strings: a compiled function may call helpers the page lacks).
 */

/** The centre of the first visible element matching `arguments[0]` whose text or label holds `arguments[1]`, or null. */
export const centreOf = `
  const [selector, text] = arguments;
  for (const el of document.querySelectorAll(selector)) {
    const label = [el.getAttribute('aria-label'), el.textContent, el.labels && el.labels[0] && el.labels[0].textContent].filter(Boolean).join(' ');
    if (!label.includes(text)) continue;
    const r = (el.labels && el.labels[0] ? el.labels[0] : el).getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    el.scrollIntoView({ block: 'center' });
    const s = (el.labels && el.labels[0] ? el.labels[0] : el).getBoundingClientRect();
    return { x: s.left + s.width / 2, y: s.top + s.height / 2 };
  }
  return null;`;

/** Chooses `arguments[1]` in the select labelled `arguments[0]`, as a change by the user does. */
export const choose = `
  const [label, value] = arguments;
  const select = [...document.querySelectorAll('select')].find((s) => s.labels && s.labels[0] && s.labels[0].textContent.includes(label));
  if (!select) return false;
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return true;`;

/** Notes when each caption line first shows in the page (page time), and whether the page was hidden. */
export const watchCaptions = `
  if (window.__captions) return;
  window.__captions = [];
  window.__hiddenFor = 0;
  let hiddenAt = null;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') hiddenAt = Date.now();
    else if (hiddenAt !== null) { window.__hiddenFor += Date.now() - hiddenAt; hiddenAt = null; }
  });
  const seen = new Set();
  const look = () => {
    const log = document.querySelector('[role="log"]');
    if (!log) return;
    for (const line of log.querySelectorAll('p, li, div')) {
      const t = (line.textContent || '').trim();
      if (t.includes('demo]') && !seen.has(t)) { seen.add(t); window.__captions.push({ text: t, at: Date.now() }); }
    }
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  look();`;

/** The page's text, its width against the screen's, and the captions' font size. */
export const screenFacts = `
  const log = document.querySelector('[role="log"]');
  return {
    text: document.body.innerText,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    captionPx: log ? parseFloat(getComputedStyle(log.querySelector('p') || log).fontSize) : null,
    visibility: document.visibilityState,
  };`;

/** What the ear heard, and how the page plays the voice. */
export const earFacts = `
  const a = (window.__played || [])[0];
  return {
    heard: window.__heard || [],
    captions: window.__captions || [],
    hiddenFor: window.__hiddenFor || 0,
    events: window.__events || [],
    element: a ? { paused: a.paused, readyState: a.readyState, src: (a.currentSrc || '').slice(0, 12), stream: !!a.srcObject } : null,
  };`;
