import { useEffect, useState } from 'react';
import type { DetectedType, EntryMeta } from '../../../../app/contract';
import { useApi } from '../../api';
import { ErrorBox, Loading } from '../../components/States';
import { formatBytes } from '../../../../app/common/format';
import { useQuery } from '../../hooks/useQuery';
import { base64ToBytes } from './hex';

/** Largest image previewed inline: the whole image must fit one read of the 1 MiB window. */
export const PREVIEW_MAX_BYTES = 1_048_576;
const MIME: Partial<Record<DetectedType, string>> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** True for the types the preview shows (png, jpeg, gif, webp). */
export function isPreviewable(type: DetectedType | null): boolean {
  return type !== null && MIME[type] !== undefined;
}

/** Inline preview of an image row from a blob: URL of its bytes (never a remote or file URL). */
export function ImagePreview({ meta, type }: { meta: EntryMeta; type: DetectedType }) {
  const api = useApi();
  const fits = meta.sizeBytes <= PREVIEW_MAX_BYTES;
  const read = useQuery(() => api.entryRead({ id: meta.id, mode: 'head', n: Math.max(1, meta.sizeBytes) }), [meta.id], fits);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!read.data) return;
    const blob = new Blob([base64ToBytes(read.data.content) as BlobPart], { type: MIME[type] ?? 'application/octet-stream' });
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [read.data, type]);

  if (!fits) {
    return (
      <div className="preview-note muted">
        No inline preview: the image is {formatBytes(meta.sizeBytes)}, above the {formatBytes(PREVIEW_MAX_BYTES)} preview limit. Export it to view it.
      </div>
    );
  }
  if (read.status === 'error' && read.error) return <ErrorBox what="the image" error={read.error} onRetry={read.reload} />;
  if (!url) return <Loading what="preview" />;
  return (
    <figure className="image-preview">
      <img src={url} alt={`Preview of ${type} entry ${meta.id}`} />
      <figcaption className="muted">
        {type} · {formatBytes(meta.sizeBytes)}
      </figcaption>
    </figure>
  );
}
