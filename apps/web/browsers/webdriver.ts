/**
 * The few classic WebDriver commands the journeys use (W3C WebDriver), for WebKitGTK's
 * WebKitWebDriver: no client library is needed for a session, a page, scripts and screenshots.
 */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  static async start(base: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await send<{ sessionId: string }>('POST', `${base}/session`, { capabilities: { alwaysMatch: capabilities } });
    return new WebDriverSession(base, value.sessionId);
  }

  private call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return send<T>(method, `${this.base}/session/${this.id}${path}`, body);
  }

  goto(url: string) {
    return this.call('POST', '/url', { url });
  }

  setWindowRect(width: number, height: number) {
    return this.call('POST', '/window/rect', { width, height });
  }

  /** Runs `body` (a function body: `arguments` are `args`) in the page. */
  execute<T>(body: string, args: unknown[] = []): Promise<T> {
    return this.call<T>('POST', '/execute/sync', { script: body, args });
  }

  /** A new window in front (this one goes to the back, hidden), or back to `handle`. */
  newWindow(): Promise<{ handle: string }> {
    return this.call('POST', '/window/new', { type: 'tab' });
  }

  window(): Promise<string> {
    return this.call('GET', '/window');
  }

  switchTo(handle: string) {
    return this.call('POST', '/window', { handle });
  }

  minimize() {
    return this.call('POST', '/window/minimize', {});
  }

  closeWindow() {
    return this.call('DELETE', '/window');
  }

  /** W3C actions (a real pointer: the page counts it as the user's gesture). */
  actions(actions: unknown[]) {
    return this.call('POST', '/actions', { actions });
  }

  /** A PNG of the viewport. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.call<string>('GET', '/screenshot'), 'base64');
  }

  end() {
    return send('DELETE', `${this.base}/session/${this.id}`);
  }
}

async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { value: T & { error?: string; message?: string } };
  if (!res.ok) throw new Error(`WebDriver ${method} ${url}: ${json.value.error ?? res.status} ${json.value.message ?? ''}`);
  return json.value;
}
