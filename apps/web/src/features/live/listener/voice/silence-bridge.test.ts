import { describe, expect, it } from 'vitest';
import { BRIDGE_AT_MOST_S, BRIDGE_TO_S, PAUSE_KEPT_S, SHOWN_KEEP_S, SilenceBridge } from './silence-bridge';

const FRAME_S = 0.024;

describe('SilenceBridge', () => {
  it('does nothing while the page is shown: its own scripts keep the element going', () => {
    const bridge = new SilenceBridge();
    expect(bridge.framesWanted(10, 1_000, FRAME_S)).toBe(0);
    expect(bridge.leavesOut(20, 1_000, FRAME_S)).toBe(false);
  });

  it('appends silence when the hidden element is about to run dry, then leaves out as much of the stream’s own silence', () => {
    const bridge = new SilenceBridge();
    // Hidden at 10 s into the stream, 0.5 s fed ahead of it, at normal speed.
    bridge.anchor({ atS: 10, rate: 1, when: 0 });
    expect(bridge.framesWanted(10.5, 0, FRAME_S)).toBe(0);
    // 0.3 s later nothing more has come: it holds 0.2 s, and is given silence up to 0.35 s.
    const frames = bridge.framesWanted(10.5, 300, FRAME_S);
    expect(frames).toBe(Math.ceil((BRIDGE_TO_S - 0.2) / FRAME_S));
    const fed = 10.5 + frames * FRAME_S;
    expect(bridge.framesWanted(fed, 300, FRAME_S)).toBe(0);
    // The late stream comes: none of its silence is left out while the element holds too little to spare it…
    expect(bridge.leavesOut(fed, 350, FRAME_S)).toBe(false);
    // …and once it holds more, as many silent frames as were appended, and no more.
    let left = 0;
    while (bridge.leavesOut(fed + 1, 350, FRAME_S)) left++;
    expect(left).toBe(frames);
  });

  it('follows the speed and place it is told, and lets go when the page is shown', () => {
    const bridge = new SilenceBridge();
    bridge.anchor({ atS: 10, rate: 1.1, when: 0 });
    // At 1.1× for 1 s the element is at 11.1 s: 11.4 s fed is 0.3 s held.
    expect(bridge.framesWanted(11.4, 1_000, FRAME_S)).toBe(0);
    expect(bridge.framesWanted(11.3, 1_000, FRAME_S)).toBeGreaterThan(0);
    // Shown again: the page's own scripts keep it going.
    bridge.follow({ atS: 11.1, rate: 1.1, when: 1_000 });
    expect(bridge.framesWanted(11.3, 2_000, FRAME_S)).toBe(0);
    expect(bridge.leavesOut(30, 2_000, FRAME_S)).toBe(false);
  });

  it('shown, keeps only the live edge’s margin of the stream’s silence, a pause heard first, and none while the element waits', () => {
    const bridge = new SilenceBridge();
    bridge.follow({ atS: 10, rate: 1, when: 0 });
    // Nothing is bridged on a shown page: its scripts set a waiting element going.
    expect(bridge.framesWanted(10, 1_000, FRAME_S)).toBe(0);
    // Holding more than the margin, a pause's first quarter second is kept, the rest left out.
    expect(bridge.leavesOut(10 + SHOWN_KEEP_S + 0.1, 0, FRAME_S, 0)).toBe(false);
    expect(bridge.leavesOut(10 + SHOWN_KEEP_S + 0.1, 0, FRAME_S, PAUSE_KEPT_S)).toBe(true);
    // Holding no more than the margin, silence is kept: a late write must not run it dry.
    expect(bridge.leavesOut(10 + SHOWN_KEEP_S, 0, FRAME_S, 5)).toBe(false);
    // A waiting element: no silence at all, so the next word is the first thing it is given.
    bridge.follow({ atS: 12, rate: 0, when: 0 });
    expect(bridge.leavesOut(12, 5_000, FRAME_S, 0)).toBe(true);
    // Hidden again: the bridge's own rule (nothing owed, nothing left out).
    bridge.anchor({ atS: 12, rate: 1, when: 0 });
    expect(bridge.leavesOut(14, 0, FRAME_S, 5)).toBe(false);
  });

  it('stops at 4 s owed: a stream that has stopped is left to stall, so the page opens it again', () => {
    const bridge = new SilenceBridge();
    bridge.anchor({ atS: 0, rate: 1, when: 0 });
    let fed = 0.5;
    let appended = 0;
    for (let now = 0; now <= 10_000; now += 50) {
      const frames = bridge.framesWanted(fed, now, FRAME_S);
      appended += frames;
      fed += frames * FRAME_S;
    }
    expect(appended * FRAME_S).toBeLessThanOrEqual(BRIDGE_AT_MOST_S);
    expect(appended * FRAME_S).toBeGreaterThan(BRIDGE_AT_MOST_S - 0.1);
  });
});
