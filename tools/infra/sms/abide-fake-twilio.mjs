#!/usr/bin/env node
// The local SMS provider: speaks Twilio's Messages API to the apps and is the dev SMS inbox for people.
//
//   node abide-fake-twilio.mjs --port 1090 [--host 127.0.0.1] [--data-dir DIR]      (accounts also from SMS_FAKE_ACCOUNTS)
//
// Twilio's API (what formation's TwilioSmsSender speaks; HTTP basic auth with the account SID and auth token):
//   POST /2010-04-01/Accounts/{sid}/Messages.json   form To, From, Body → 201 message JSON, or Twilio's error JSON
//   GET  /2010-04-01/Accounts/{sid}/Messages.json?To=&From=   the account's messages, newest first
// As Twilio does by default, a member replying STOP (STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, OPTOUT, REVOKE) is
// opted out of the account's texts (a send answers 400, code 21610) and gets the standard confirmation; START (UNSTOP,
// YES) opts back in; HELP (INFO) gets the help text. Every reply is also posted to the account's webhook (smsUrl),
// form-encoded and signed with X-Twilio-Signature, and any <Message> in the TwiML answer is recorded as sent.
//
// The fake's own API (loopback only; JSON):
//   PUT  /api/accounts/{sid}            {authToken, phoneNumber, smsUrl?, label?}: register (kept in --data-dir)
//   GET  /api/accounts                  the accounts (no tokens)
//   GET  /api/accounts/{sid}/messages?number=+1…   a number's conversation, oldest first
//   POST /api/accounts/{sid}/replies    {from, body}: a member's reply, as the page's form sends it
//   POST /api/accounts/{sid}/faults     {status, code?, message?, times?, to?}: the next `times` sends (to `to`) answer `status`
//   PUT/DELETE /api/accounts/{sid}/opt-outs/{number}: opted out at the provider, without telling the app
// Pages: / (accounts), /accounts/{sid} (its numbers), /accounts/{sid}/numbers/{number} (conversation, reply form).
// Messages live in memory (a fresh inbox per start, like the mail catcher); accounts survive restarts.
// Node standard library only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '1090' }, host: { type: 'string', default: '127.0.0.1' }, 'data-dir': { type: 'string' } },
});
const PORT = Number(args.port);
const HOST = args.host;
const DATA_DIR = args['data-dir'] ?? null;
const ACCOUNTS_FILE = DATA_DIR ? path.join(DATA_DIR, 'accounts.json') : null;
/** Per account and number; the oldest go first beyond it. */
const MAX_MESSAGES_PER_ACCOUNT = 5000;

const E164 = /^\+[1-9]\d{6,14}$/;
const SID = /^AC[0-9a-fA-F]{32}$/;
const KEYWORDS = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'],
  start: ['START', 'UNSTOP', 'YES'],
  help: ['HELP', 'INFO'],
};
// Twilio's default answers to the keywords (Advanced Opt-Out off).
const AUTO_REPLIES = {
  stop: 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
  start:
    'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
  help: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
};

/** @type {Map<string, {sid: string, authToken: string, phoneNumber: string, smsUrl: string|null, label: string}>} */
const accounts = new Map();
/** @type {Map<string, Array<object>>} account sid → messages, oldest first */
const messages = new Map();
/** `${sid}|${number}`: numbers that opted out of the account's texts. */
const optOuts = new Set();
/** @type {Map<string, Array<{status: number, code: number, message: string, times: number, to: string|null}>>} */
const faults = new Map();

/** Accounts given at start (docker-compose): SMS_FAKE_ACCOUNTS='[{"sid","authToken","phoneNumber","smsUrl","label"}]'. */
function loadAccounts() {
  for (const a of JSON.parse(process.env.SMS_FAKE_ACCOUNTS || '[]')) accounts.set(a.sid, { smsUrl: null, label: a.sid, ...a });
  if (!ACCOUNTS_FILE) return;
  try {
    for (const a of JSON.parse(fs.readFileSync(ACCOUNTS_FILE, 'utf8'))) accounts.set(a.sid, a);
  } catch {
    /* first start */
  }
}
function saveAccounts() {
  if (!ACCOUNTS_FILE) return;
  fs.mkdirSync(path.dirname(ACCOUNTS_FILE), { recursive: true });
  const tmp = `${ACCOUNTS_FILE}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify([...accounts.values()], null, 2));
  fs.renameSync(tmp, ACCOUNTS_FILE);
}

const keywordOf = (body) => {
  const word = String(body)
    .trim()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .toUpperCase();
  return Object.keys(KEYWORDS).find((k) => KEYWORDS[k].includes(word)) ?? null;
};

const newSid = (prefix) => `${prefix}${randomBytes(16).toString('hex')}`;
const rfc2822 = (date) => date.toUTCString().replace('GMT', '+0000');

function record(sid, message) {
  const list = messages.get(sid) ?? [];
  list.push(message);
  if (list.length > MAX_MESSAGES_PER_ACCOUNT) list.splice(0, list.length - MAX_MESSAGES_PER_ACCOUNT);
  messages.set(sid, list);
  return message;
}

/** A message as Twilio's API shows it. */
const resource = (m) => ({
  sid: m.sid,
  account_sid: m.accountSid,
  api_version: '2010-04-01',
  body: m.body,
  date_created: rfc2822(m.createdAt),
  date_sent: rfc2822(m.createdAt),
  date_updated: rfc2822(m.createdAt),
  direction: m.direction,
  error_code: null,
  error_message: null,
  from: m.from,
  to: m.to,
  messaging_service_sid: null,
  num_media: '0',
  num_segments: String(Math.max(1, Math.ceil(m.body.length / 153))),
  price: null,
  price_unit: 'USD',
  status: m.direction === 'inbound' ? 'received' : 'queued',
  uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
});

/** Twilio's request signature: HMAC-SHA1 over the URL and the sorted fields, keyed by the auth token; base64. */
const signature = (authToken, url, params) =>
  createHmac('sha1', authToken)
    .update(
      Object.keys(params)
        .sort()
        .reduce((data, name) => data + name + params[name], url),
    )
    .digest('base64');

// ------------------------------------------------------------------ behaviour

/** A send through the Messages API: Twilio's checks, in Twilio's words and codes. */
function send(account, form) {
  const to = form.get('To');
  const pending = faults.get(account.sid) ?? [];
  const queued = pending.find((f) => !f.to || f.to === to);
  if (queued) {
    if (--queued.times <= 0) pending.splice(pending.indexOf(queued), 1);
    return [
      queued.status,
      { code: queued.code, message: queued.message, more_info: `https://www.twilio.com/docs/errors/${queued.code}`, status: queued.status },
    ];
  }
  const refuse = (code, message) => [400, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status: 400 }];
  const from = form.get('From');
  const body = form.get('Body');
  if (!to) return refuse(21604, "A 'To' phone number is required.");
  if (!E164.test(to)) return refuse(21211, `The 'To' number ${to} is not a valid phone number.`);
  if (!from) return refuse(21603, "A 'From' phone number is required.");
  if (from !== account.phoneNumber)
    return refuse(21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`);
  if (!body) return refuse(21602, 'Message body is required.');
  if (body.length > 1600) return refuse(21617, 'The concatenated message body exceeds the 1600 character limit.');
  if (optOuts.has(`${account.sid}|${to}`)) return refuse(21610, 'Attempt to send to unsubscribed recipient');
  const message = record(account.sid, {
    sid: newSid('SM'),
    accountSid: account.sid,
    direction: 'outbound-api',
    from,
    to,
    body,
    createdAt: new Date(),
  });
  return [201, resource(message)];
}

/** A member's reply: the provider's own keyword handling, then the account's webhook. */
async function reply(account, from, body) {
  const inbound = record(account.sid, {
    sid: newSid('SM'),
    accountSid: account.sid,
    direction: 'inbound',
    from,
    to: account.phoneNumber,
    body,
    createdAt: new Date(),
    webhook: null,
  });
  const keyword = keywordOf(body);
  if (keyword === 'stop') optOuts.add(`${account.sid}|${from}`);
  if (keyword === 'start') optOuts.delete(`${account.sid}|${from}`);
  if (keyword) autoSend(account, from, AUTO_REPLIES[keyword]);
  if (account.smsUrl) inbound.webhook = await postWebhook(account, inbound, keyword);
  return inbound;
}

function autoSend(account, to, body) {
  record(account.sid, {
    sid: newSid('SM'),
    accountSid: account.sid,
    direction: 'outbound-reply',
    from: account.phoneNumber,
    to,
    body,
    createdAt: new Date(),
  });
}

async function postWebhook(account, inbound, keyword) {
  const params = {
    AccountSid: account.sid,
    ApiVersion: '2010-04-01',
    Body: inbound.body,
    From: inbound.from,
    MessageSid: inbound.sid,
    NumMedia: '0',
    NumSegments: '1',
    SmsMessageSid: inbound.sid,
    SmsSid: inbound.sid,
    SmsStatus: 'received',
    To: inbound.to,
    ...(keyword ? { OptOutType: keyword.toUpperCase() } : {}),
  };
  try {
    const res = await fetch(account.smsUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature(account.authToken, account.smsUrl, params),
      },
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(15_000),
    });
    const twiml = await res.text();
    for (const [, text] of twiml.matchAll(/<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/g))
      autoSend(account, inbound.from, unescapeXml(text));
    return { status: res.status };
  } catch (error) {
    return { status: null, error: error.message };
  }
}

const unescapeXml = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A number's conversation with the account, oldest first. */
const conversation = (sid, number) => (messages.get(sid) ?? []).filter((m) => m.to === number || m.from === number);

/** The member numbers an account has talked with, the latest conversation first. */
function numbersOf(sid) {
  const account = accounts.get(sid);
  const latest = new Map();
  for (const m of messages.get(sid) ?? []) {
    const number = m.direction === 'inbound' ? m.from : m.to;
    if (number !== account?.phoneNumber) latest.set(number, m);
  }
  return [...latest.entries()].sort((a, b) => b[1].createdAt - a[1].createdAt);
}

// ------------------------------------------------------------------ pages

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const when = (d) =>
  d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

const page = (title, body, crumbs = []) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · SMS inbox (local)</title>
<style>
  body{font-family:system-ui,sans-serif;margin:0;color:#1f2933;background:#f5f7fa;line-height:1.5}
  header{background:#0f766e;color:#fff;padding:.75rem 1rem}
  header a{color:#fff}
  main{max-width:44rem;margin:0 auto;padding:1rem}
  nav ol{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem;padding:0;margin:0}
  nav li+li::before{content:"/";margin-right:.25rem}
  h1{font-size:1.4rem;margin:.5rem 0 1rem}
  table{border-collapse:collapse;width:100%;background:#fff}
  th,td{text-align:left;padding:.5rem;border-bottom:1px solid #cbd2d9;vertical-align:top}
  .thread{list-style:none;padding:0}
  .msg{background:#fff;border:1px solid #cbd2d9;border-radius:.5rem;padding:.5rem .75rem;margin:.5rem 0;max-width:85%}
  .msg.in{margin-left:auto;background:#e6f6f4}
  .meta{font-size:.85rem;color:#52606d;margin:0}
  .body{white-space:pre-wrap;margin:.25rem 0 0;overflow-wrap:anywhere}
  form{background:#fff;border:1px solid #cbd2d9;border-radius:.5rem;padding:.75rem;margin-top:1rem}
  label{display:block;font-weight:600}
  input[type=text]{width:100%;box-sizing:border-box;font:inherit;padding:.4rem;border:1px solid #7b8794;border-radius:.25rem;margin:.25rem 0 .5rem}
  button{font:inherit;padding:.4rem .9rem;border-radius:.25rem;border:1px solid #0f766e;background:#0f766e;color:#fff;cursor:pointer;margin:.25rem .25rem 0 0}
  button.secondary{background:#fff;color:#0f766e}
  form.quick{background:none;border:0;padding:0;margin-top:.5rem}
  .note{color:#52606d}
</style></head>
<body><header><a href="/">SMS inbox</a> <span>· local stand-in for the SMS provider</span></header>
<main>${crumbs.length ? `<nav aria-label="Breadcrumb"><ol>${crumbs.map(([href, text]) => `<li><a href="${esc(href)}">${esc(text)}</a></li>`).join('')}</ol></nav>` : ''}
<h1>${esc(title)}</h1>
${body}
</main></body></html>`;

function accountsPage() {
  const rows = [...accounts.values()]
    .map(
      (a) =>
        `<tr><td><a href="/accounts/${esc(a.sid)}">${esc(a.label || a.sid)}</a></td><td>${esc(a.phoneNumber)}</td><td>${numbersOf(a.sid).length}</td><td>${(messages.get(a.sid) ?? []).length}</td></tr>`,
    )
    .join('');
  return page(
    'Accounts',
    accounts.size
      ? `<p class="note">Each app stack (dev, a test run) sends with its own account.</p>
<table><caption class="note">Accounts registered with this SMS inbox</caption><thead><tr><th scope="col">Account</th><th scope="col">Our number</th><th scope="col">Numbers</th><th scope="col">Messages</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No account yet: start the app (<code>npm start</code>), which registers its own.</p>',
  );
}

function accountPage(account) {
  const rows = numbersOf(account.sid)
    .map(([number, last]) => {
      const stopped = optOuts.has(`${account.sid}|${number}`) ? ' (opted out)' : '';
      return `<tr><td><a href="/accounts/${esc(account.sid)}/numbers/${encodeURIComponent(number)}">${esc(number)}</a>${stopped}</td><td>${esc(when(last.createdAt))}</td><td>${esc(last.body.slice(0, 80))}</td></tr>`;
    })
    .join('');
  return page(
    `Texts of ${account.label || account.sid}`,
    rows
      ? `<table><caption class="note">Numbers this account texted or heard from, latest first</caption><thead><tr><th scope="col">Number</th><th scope="col">Last message</th><th scope="col">Text</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No text sent or received yet.</p>',
    [['/', 'Accounts']],
  );
}

function conversationPage(account, number) {
  const items = conversation(account.sid, number)
    .map((m) => {
      const inbound = m.direction === 'inbound';
      const who = inbound
        ? `From ${m.from} (reply)`
        : m.direction === 'outbound-reply'
          ? `From ${m.from} (automatic answer)`
          : `From ${m.from}`;
      const webhook = inbound && m.webhook ? ` · app answered ${m.webhook.status ?? `nothing (${m.webhook.error})`}` : '';
      return `<li class="msg${inbound ? ' in' : ''}"><p class="meta">${esc(who)} · <time datetime="${m.createdAt.toISOString()}">${esc(when(m.createdAt))}</time>${esc(webhook)}</p><p class="body">${esc(m.body)}</p></li>`;
    })
    .join('');
  const stopped = optOuts.has(`${account.sid}|${number}`);
  const action = `/accounts/${esc(account.sid)}/numbers/${encodeURIComponent(number)}/reply`;
  return page(
    `Texts with ${number}`,
    `<p class="note">${stopped ? 'This number has opted out: the provider refuses texts to it until it replies START.' : 'This number receives the account’s texts.'} <a href="">Refresh</a></p>
<ol class="thread" aria-label="Messages, oldest first">${items || '<li>No messages yet.</li>'}</ol>
<form method="post" action="${action}">
  <label for="reply-body">Reply as ${esc(number)}</label>
  <input type="text" id="reply-body" name="body" maxlength="1600" required autocomplete="off">
  <button type="submit">Send reply</button>
</form>
<form method="post" action="${action}" class="quick">
  <input type="hidden" name="body" value="${stopped ? 'START' : 'STOP'}">
  <button type="submit" class="secondary">Reply ${stopped ? 'START' : 'STOP'}</button>
</form>`,
    [
      ['/', 'Accounts'],
      [`/accounts/${account.sid}`, account.label || account.sid],
    ],
  );
}

// ------------------------------------------------------------------ HTTP

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > 1_000_000) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const json = (res, status, value) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
};
const html = (res, status, text) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
};
const notFound = (res) => html(res, 404, page('Not found', '<p>Nothing here. <a href="/">Back to the accounts</a>.</p>'));

/** Basic auth against the account in the path, as Twilio checks it (20003 on any mismatch). */
function authenticated(req, sid) {
  const account = accounts.get(sid);
  const [scheme, encoded] = String(req.headers.authorization ?? '').split(' ');
  if (!account || scheme !== 'Basic' || !encoded) return null;
  const [user, ...rest] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  const given = Buffer.from(rest.join(':'));
  const expected = Buffer.from(account.authToken);
  return user === sid && given.length === expected.length && timingSafeEqual(given, expected) ? account : null;
}
const unauthorized = (res) =>
  json(res, 401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });

async function handle(req, res) {
  const url = new URL(req.url, `http://${req.headers.host ?? 'localhost'}`);
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const method = req.method;

  if (method === 'GET' && url.pathname === '/healthz') return json(res, 200, { ok: true });

  // Twilio's Messages API.
  if (parts[0] === '2010-04-01' && parts[1] === 'Accounts' && parts[3] === 'Messages.json' && parts.length === 4) {
    const account = authenticated(req, parts[2]);
    if (!account) return unauthorized(res);
    if (method === 'POST') {
      const [status, body] = send(account, new URLSearchParams(await readBody(req)));
      return json(res, status, body);
    }
    if (method === 'GET') {
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      const list = (messages.get(account.sid) ?? []).filter((m) => (!to || m.to === to) && (!from || m.from === from)).reverse();
      return json(res, 200, { messages: list.map(resource), page: 0, page_size: list.length, uri: url.pathname });
    }
    return json(res, 405, { code: 20004, message: 'Method not allowed', status: 405 });
  }

  // The fake's own API.
  if (parts[0] === 'api' && parts[1] === 'accounts') {
    if (parts.length === 2 && method === 'GET') {
      return json(res, 200, { accounts: [...accounts.values()].map(({ authToken: _t, ...a }) => a) });
    }
    const sid = parts[2];
    if (parts.length === 3 && method === 'PUT') {
      const body = JSON.parse((await readBody(req)) || '{}');
      if (!SID.test(sid) || typeof body.authToken !== 'string' || body.authToken.length < 16 || !E164.test(body.phoneNumber ?? ''))
        return json(res, 400, { message: 'PUT /api/accounts/AC… with {authToken (16+ chars), phoneNumber (E.164), smsUrl?, label?}' });
      accounts.set(sid, {
        sid,
        authToken: body.authToken,
        phoneNumber: body.phoneNumber,
        smsUrl: body.smsUrl || null,
        label: body.label || sid,
      });
      saveAccounts();
      res.writeHead(204).end();
      return;
    }
    const account = accounts.get(sid);
    if (!account) return json(res, 404, { message: `No account ${sid}` });
    if (parts[3] === 'messages' && method === 'GET') {
      const number = url.searchParams.get('number');
      const list = number ? conversation(sid, number) : (messages.get(sid) ?? []);
      return json(res, 200, { messages: list.map((m) => ({ ...resource(m), webhook: m.webhook ?? null })) });
    }
    if (parts[3] === 'replies' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}');
      if (!E164.test(body.from ?? '') || typeof body.body !== 'string') return json(res, 400, { message: '{from: E.164, body}' });
      const inbound = await reply(account, body.from, body.body);
      return json(res, 201, { ...resource(inbound), webhook: inbound.webhook });
    }
    if (parts[3] === 'faults' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}');
      const status = Number(body.status);
      if (!(status >= 400 && status <= 599)) return json(res, 400, { message: '{status: 4xx or 5xx, code?, message?, times?}' });
      const list = faults.get(sid) ?? [];
      list.push({
        status,
        code: Number(body.code ?? (status === 429 ? 20429 : 20500)),
        message: body.message ?? 'Service unavailable',
        times: Number(body.times ?? 1),
        to: body.to ?? null,
      });
      faults.set(sid, list);
      res.writeHead(204).end();
      return;
    }
    if (parts[3] === 'opt-outs' && parts[4] && (method === 'PUT' || method === 'DELETE')) {
      if (method === 'PUT') optOuts.add(`${sid}|${parts[4]}`);
      else optOuts.delete(`${sid}|${parts[4]}`);
      res.writeHead(204).end();
      return;
    }
    return json(res, 404, { message: 'Unknown route' });
  }

  // Pages.
  if (method === 'GET' && parts.length === 0) return html(res, 200, accountsPage());
  if (parts[0] === 'accounts' && accounts.has(parts[1])) {
    const account = accounts.get(parts[1]);
    if (method === 'GET' && parts.length === 2) return html(res, 200, accountPage(account));
    if (parts[2] === 'numbers' && E164.test(parts[3] ?? '')) {
      if (method === 'GET' && parts.length === 4) return html(res, 200, conversationPage(account, parts[3]));
      if (method === 'POST' && parts[4] === 'reply') {
        const text = new URLSearchParams(await readBody(req)).get('body')?.trim();
        if (text) await reply(account, parts[3], text);
        res.writeHead(303, { location: `/accounts/${account.sid}/numbers/${encodeURIComponent(parts[3])}` }).end();
        return;
      }
    }
  }
  return notFound(res);
}

loadAccounts();
const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    if (!res.headersSent) json(res, 500, { message: error.message });
    else res.end();
  });
});
// Clients close idle connections, never this server: Node's default closes one after 5 s idle, and on a loaded machine
// a client could send on it just as it closed ("other side closed"). With no timeout, no Keep-Alive hint is sent, so
// clients keep their own shorter idle limit (undici's 4 s) and close first.
server.keepAliveTimeout = 0;
server.listen(PORT, HOST, () =>
  process.stdout.write(`abide-fake-twilio listening on http://${HOST}:${PORT} (${accounts.size} account(s))\n`),
);
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
