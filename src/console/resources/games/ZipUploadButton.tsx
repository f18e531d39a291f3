/**
 * A toolbar button that asks for a zip file and hands it to `upload` (a game archive, a CTFd
 * export): the hidden file input, the pending state and the server's refusal in a notification.
 * What follows a success is the caller's.
 */
import { useRef, type ReactElement } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, useNotify } from 'react-admin';

export function ZipUploadButton<T>({
  label,
  icon,
  testId,
  upload,
  onUploaded,
}: {
  label: string;
  icon: ReactElement;
  /** The file input's test id. */
  testId: string;
  upload: (file: File) => Promise<T>;
  onUploaded: (answer: T) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const uploading = useMutation({
    mutationFn: upload,
    onSuccess: onUploaded,
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) uploading.mutate(file);
        }}
      />
      <Button label={label} disabled={uploading.isPending} onClick={() => input.current?.click()}>
        {icon}
      </Button>
    </>
  );
}
