import { CloseOutlined, InboxOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_BYTES } from '@abide/contracts';
import { Button, Upload } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatFileSize } from '../resource-format';
import { ACCEPTED_EXTENSIONS, dropZoneProblem } from '../upload-form';
import { FileTypeIcon } from '../FileTypeIcon';

interface FileDropZoneProps {
  file: File | null;
  onFile(file: File | null): void;
  disabled?: boolean;
}

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/**
 * A drop zone with click-to-browse for one file. Nothing is sent until the form is submitted
 * (beforeUpload returns false); the generic messages show under the zone.
 */
export function FileDropZone({ file, onFile, disabled }: FileDropZoneProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const zone = useRef<HTMLDivElement>(null);
  // rc-upload draws the zone as role="button" and, while disabled, only drops its tab stop: say it is disabled too,
  // so assistive technology does not offer a button that does nothing (and contrast rules treat its greyed text
  // as the inactive control it is).
  useLayoutEffect(() => {
    zone.current?.querySelector('.ant-upload[role="button"]')?.setAttribute('aria-disabled', disabled ? 'true' : 'false');
  });

  return (
    <div className="drop-zone" ref={zone}>
      <Upload.Dragger
        name="file"
        // No `accept`: rc-upload would drop other files silently on a drag, and the member would see no message.
        multiple
        showUploadList={false}
        fileList={[]}
        disabled={disabled}
        beforeUpload={(candidate, batch) => {
          // antd calls this once per file of a batch; decide on the batch once, at its first file.
          if (candidate !== batch[0]) return Upload.LIST_IGNORE;
          const message = dropZoneProblem(batch);
          setProblem(message);
          if (!message) onFile(candidate);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">Drop your file here, or click to browse</p>
        <p className="ant-upload-hint">
          {ACCEPTED_EXTENSIONS.map((ext) => ext.slice(1).toUpperCase()).join(', ')} · up to {formatFileSize(MAX_UPLOAD_BYTES)}
        </p>
      </Upload.Dragger>
      {problem && (
        <p className="drop-zone__problem" role="alert">
          {problem}
        </p>
      )}
      {file && (
        <div className="chosen-file" aria-label="Chosen file">
          <FileTypeIcon type={extensionOf(file.name)} />
          <span className="chosen-file__name">{file.name}</span>
          <span className="chosen-file__size">{formatFileSize(file.size)}</span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined aria-hidden />}
            aria-label="Remove file"
            disabled={disabled}
            onClick={() => onFile(null)}
          />
        </div>
      )}
    </div>
  );
}
