/** What other community features may use of prayer requests (docs/structure.md): account deletion and "Download my data". */
export { PrayerCommands } from './commands/prayer.commands';
export { PrayerTexts } from './prayer-texts';
export { PrayerProjection } from './projections/prayer.projection';
