// The relay's lease is the shared one in libs/platform (start-up work takes it too); the old name stays for the relay.
export { Lease as RelayLease, type LeaseTerm as RelayLeaseTerm } from '@abide/platform';
