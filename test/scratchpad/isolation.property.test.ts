import { afterAll, describe, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { tempDir } from './helpers';
import { checkIsolation } from './isolation-model';

describe('multi-user isolation', () => {
  const tmp = tempDir();
  let n = 0;
  afterAll(() => tmp.cleanup());

  it("no principal ever sees, changes or counts another owner's rows", async () => {
    await checkIsolation((clock) => openScratchpad(tmp.file(`iso-${n++}.db`), { clock }), 60);
  });
});
