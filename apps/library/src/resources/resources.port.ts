/** What other library features may use of resources: the queries, for the member's part of "Download my data". */
export { ResourceQueries } from './resource.queries';
