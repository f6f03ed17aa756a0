/** Socket.IO rooms of a sermon: everyone, one per language, and the speaker's screens. */
export const rooms = {
  all: (sermonId: string) => `sermon:${sermonId}`,
  language: (sermonId: string, language: string) => `sermon:${sermonId}:${language}`,
  // '#' cannot appear in a language code, so this never collides with a language room.
  speaker: (sermonId: string) => `sermon:${sermonId}#speaker`,
  /** A church's lobby: every phone and projector waiting for its next sermon (docs/decisions/020). */
  lobby: (churchId: string) => `church:${churchId}:lobby`,
  /**
   * Those of the lobby who may listen only while the church allows guests (guests, people of other
   * churches): the push that a sermon is live carries its details to them only if it does.
   */
  lobbyVisitors: (churchId: string) => `church:${churchId}:lobby#visitors`,
};
