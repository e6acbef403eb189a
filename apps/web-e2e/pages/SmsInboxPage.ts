import type { Locator, Page } from 'playwright-core';

/** The local SMS inbox (the SMS provider fake, tools/infra/sms): one number's conversation with our account. */
export class SmsInboxPage {
  readonly heading: Locator;
  readonly messages: Locator;
  /** The member's own replies (each says what the app's webhook answered). */
  readonly replies: Locator;
  readonly replyStop: Locator;
  readonly note: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.messages = page.getByRole('list', { name: 'Messages, oldest first' }).getByRole('listitem');
    this.replies = this.messages.filter({ hasText: '(reply)' });
    this.replyStop = page.getByRole('button', { name: 'Reply STOP' });
    this.note = page.locator('p.note').first();
  }

  /** Opens the conversation and reloads until a message containing `text` is there (the delivery job runs apart). */
  async openUntilShown(url: string, text: string, timeoutMs = 30_000): Promise<Locator> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.page.goto(url);
      const message = this.messages.filter({ hasText: text });
      if ((await message.count()) > 0) return message.first();
      if (Date.now() > deadline) throw new Error(`no text containing "${text}" in ${url} within ${timeoutMs / 1000}s`);
      await this.page.waitForTimeout(1000);
    }
  }
}
