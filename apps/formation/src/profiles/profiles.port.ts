/** What other formation features may use of profiles (docs/architecture.md, "Feature boundaries"). */
export { ProfileProjection } from './projections/profile.projection';
