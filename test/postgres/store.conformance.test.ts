import { BACKENDS } from '../conformance/backends';
import { describeStoreConformance } from '../conformance/suite';

// The store conformance suite over PostgreSQL: here because it needs the server of this project's global setup.
describeStoreConformance(BACKENDS.filter((b) => b.needsServer === true));
