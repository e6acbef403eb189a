/** The frame of identity's operator commands (roles, two-factor reset): the database and the user stream, no server. */
export { runIdentityCli } from './identity-cli';
