import { vi } from 'vitest';

export interface XhrCall {
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: unknown;
}

/** What the fake server answers: a status and a JSON body, or 'network' for a dropped connection. */
export type XhrReply = { status: number; body?: unknown } | 'network';

/**
 * Replaces XMLHttpRequest (the uploads with progress use it, fetch cannot report progress) with a
 * fake that hands every request to `reply` and records it. Returns the list of requests.
 */
export function mockXhr(reply: (call: XhrCall) => XhrReply | Promise<XhrReply>): XhrCall[] {
  const calls: XhrCall[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private call: XhrCall = { method: 'GET', url: '', headers: {}, body: undefined };

    open(method: string, url: string) {
      this.call = { method, url, headers: {}, body: undefined };
    }

    setRequestHeader(name: string, value: string) {
      this.call.headers[name.toLowerCase()] = value;
    }

    send(body: unknown) {
      this.call.body = body;
      calls.push(this.call);
      void Promise.resolve(reply(this.call)).then((answer) => {
        if (answer === 'network') {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}
