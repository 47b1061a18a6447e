// The HTTP API of `taverna serve`, as the pages use it. Every call resolves to the
// decoded JSON body or throws an ApiError carrying the server's error message.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

async function call(path, { method = "GET", body, token, signal } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: "no-store",
    });
  } catch (err) {
    if (err && err.name === "AbortError") throw err;
    throw new ApiError(0, "network", "The server cannot be reached (network error).");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const e = data && data.error;
    const message = (e && e.message) || `${response.status} ${response.statusText || "error"}`;
    throw new ApiError(response.status, (e && e.code) || "http_error", message);
  }
  if (data === null) throw new ApiError(response.status, "bad_response", "The server sent no JSON.");
  return data;
}

const enc = encodeURIComponent;

export const api = {
  rules: () => call("/api/rules"),
  games: () => call("/api/games"),
  createGame: (body) => call("/api/games", { method: "POST", body }),
  summary: (id) => call(`/api/games/${enc(id)}`),
  view: (id, token) => call(`/api/games/${enc(id)}/view`, { token }),
  events: (id, since, token, { wait, signal } = {}) =>
    call(`/api/games/${enc(id)}/events?since=${enc(since)}${wait ? `&wait=${enc(wait)}` : ""}`, { token, signal }),
  act: (id, token, action, version) =>
    call(`/api/games/${enc(id)}/actions`, { method: "POST", body: { action, version }, token }),
  // A seat's token never goes in an address: a stream (EventSource sends no header) is
  // opened with a short-lived ticket the token buys; a spectator needs none.
  streamUrl: async (id, token) => {
    if (!token) return `/api/games/${enc(id)}/stream`;
    const { ticket } = await call(`/api/games/${enc(id)}/tickets`, { method: "POST", token });
    return `/api/games/${enc(id)}/stream?ticket=${enc(ticket)}`;
  },
};
