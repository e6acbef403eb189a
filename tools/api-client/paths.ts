import path from 'node:path';
import { clientCodegenConfig } from '../../apps/web/openapi-codegen.config';

export const repoRoot = path.resolve(__dirname, '../..');
/** The committed API document the client is generated from. */
export const snapshotPath = path.join(repoRoot, clientCodegenConfig.schemaFile);
/** The generated client. */
export const clientPath = path.join(repoRoot, clientCodegenConfig.outputFile);
/** The folder of the generated files (the client, its endpoint modules, the document). */
export const generatedDir = path.dirname(clientPath);
/** The generated endpoint modules, one per OpenAPI tag (render-endpoints.ts). */
export const endpointsDir = path.join(generatedDir, 'endpoints');
/** The schemas several endpoint modules share (render-endpoints.ts). */
export const sharedSchemasPath = path.join(generatedDir, 'schemas.ts');
