import type { RouterOutputs } from '@yardsale/api';

/*
 * The one way the app sends files: multipart POSTs to the REST paths that take uploads, because
 * tRPC carries no files; and the one way it fetches a file a REST path answers (the data export).
 * Everything else goes through tRPC.
 */

export type ListingDetail = RouterOutputs['listings']['byId'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Refusal {
  message: string | undefined;
  fieldErrors: Record<string, string[] | undefined>;
}

/** A REST refusal's body, `{ message, errors?, errorId? }` (docs/decisions/026), or plain text. */
function readRefusal(body: string): Refusal {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not ours (a proxy's page, say): a short plain-text body is the message itself.
    return { message: body.trim() || undefined, fieldErrors: {} };
  }
  if (!isRecord(parsed)) return { message: undefined, fieldErrors: {} };
  const fieldErrors: Record<string, string[] | undefined> = {};
  if (isRecord(parsed.errors)) {
    for (const [field, messages] of Object.entries(parsed.errors)) {
      if (Array.isArray(messages)) {
        fieldErrors[field] = messages.filter(
          (message): message is string => typeof message === 'string',
        );
      }
    }
  }
  const { message } = parsed;
  return {
    message: typeof message === 'string' && message.trim() ? message : undefined,
    fieldErrors,
  };
}

/**
 * An upload the server refused. The message is '{what failed}: {status} {body}'
 * (docs/product/texts.md); what the person is shown is `serverMessage`, and `fieldErrors` go on the
 * form's fields.
 */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  /** The server's sentence for the person, when it gave one. */
  readonly serverMessage: string | undefined;
  /** The server's messages for the fields it refused, by field name. */
  readonly fieldErrors: Record<string, string[] | undefined>;

  constructor(
    failure: string,
    readonly status: number,
    body: string,
    statusText: string,
  ) {
    super(`${failure}: ${status} ${body || statusText}`);
    const refusal = readRefusal(body);
    this.serverMessage = refusal.message;
    this.fieldErrors = refusal.fieldErrors;
  }
}

/** The request was cancelled by the person (Cancel Request), not refused. */
export class UploadCancelledError extends Error {
  override readonly name = 'UploadCancelledError';
  constructor() {
    super('The upload was cancelled.');
  }
}

export interface UploadOptions {
  /** Whole percent of the request body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form and resolves with the server's JSON answer. Through XMLHttpRequest,
 * because fetch cannot report upload progress; same-origin, so the session cookie goes with it.
 * `failure` begins the error's message when the server refuses (docs/product/texts.md).
 */
export function uploadForm(
  url: string,
  body: FormData,
  failure: string,
  { onProgress, signal }: UploadOptions = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', url);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadError(failure, xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        reject(new UploadError(failure, xhr.status, xhr.responseText, xhr.statusText));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new Error(`${failure}: the connection was lost`));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadCancelledError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}

/**
 * Fetches a file a REST path answers and hands it to the browser as a download, named as the server
 * says. Through fetch rather than a link, so a refusal (429) is shown as the server's sentence instead
 * of being saved as a file.
 */
export async function downloadFile(url: string, failure: string, fallbackName: string) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    throw new UploadError(failure, response.status, await response.text(), response.statusText);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving once the click is handled; the blob can go a little later.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
