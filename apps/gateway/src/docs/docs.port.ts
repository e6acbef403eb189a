/** What other gateway features may use of the API document: each route's edge policy and documented methods. */
export { ApiDocument } from './api-document';
