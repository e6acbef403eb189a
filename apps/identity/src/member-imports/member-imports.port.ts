/** What other identity features may use of member imports: a member's invitations, for their export and deletion. */
export { ImportRecords } from './import-records';
