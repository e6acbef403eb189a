/**
 * `fetch` for the local fakes' own APIs (the SMTP catcher, the SMS inbox). MailDev, like any Node server left at its
 * defaults, closes a connection after 5 s idle; on a loaded machine a test can send on a kept-alive connection just
 * as it is closed, and fetch fails with "other side closed" before anything was handled. Such a request (GET, PUT or
 * DELETE, which mean the same when repeated) is sent once more on a new connection.
 */
export const fakeApiFetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!repeatable(init.method) || !closedBeforeAnswer(error)) throw error;
    return fetch(url, init);
  }
};

const repeatable = (method = 'GET'): boolean => ['GET', 'HEAD', 'PUT', 'DELETE'].includes(method.toUpperCase());

const closedBeforeAnswer = (error: unknown): boolean => {
  // By name and code: fetch's TypeError comes from Node's realm, not the one a test runs in.
  const { name, cause } = error as { name?: string; cause?: { code?: string } };
  return name === 'TypeError' && ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(cause?.code ?? '');
};
