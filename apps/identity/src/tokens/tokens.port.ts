/** What other identity features may use of tokens: issuing a signed access token. */
export { AccessTokenService } from './access-token.service';
