import { readFileSync } from 'node:fs';
import { apiUrl } from '@abide/testing';
import { documentDifferences } from '../../../tools/api-client/document-diff';
import { snapshotPath } from '../../../tools/api-client/paths';

describe('the committed API document the web client is generated from', () => {
  it('is the document the gateway serves: run `npm run api:client` when this fails', async () => {
    const response = await fetch(`${apiUrl()}/api/docs-json`);
    expect(response.status).toBe(200);
    // Parsed here, not by response.json(): objects from fetch's realm have another Object prototype than Jest's.
    const served: unknown = JSON.parse(await response.text());
    const committed: unknown = JSON.parse(readFileSync(snapshotPath, 'utf8'));
    const differences = documentDifferences(committed, served);
    if (differences.length)
      throw new Error(
        `apps/web/src/shared/api/generated/openapi.json is not what /api/docs-json serves. Run npm run api:client.\n  ${differences.join('\n  ')}`,
      );
  });
});
