import { BACKENDS } from './backends';
import { describeStoreConformance } from './suite';

// The file formats; PostgreSQL runs the same suite in the postgres project (test/postgres/store.conformance.test.ts).
describeStoreConformance(BACKENDS.filter((b) => !b.needsServer));
