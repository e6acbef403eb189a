// Prints the client files the committed document generates (JSON, by path), for the staleness spec: Prettier and the
// generator load ES modules at run time, which Jest's CommonJS sandbox cannot, so the spec runs this in its own process.
import { renderClientFiles } from './render-client';

renderClientFiles().then(
  (files) => process.stdout.write(JSON.stringify(files), () => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
