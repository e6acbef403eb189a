/** What other identity features may use of settings: the settings as the API shows them (the export includes them). */
export { toSettingsResponse } from './settings-response';
