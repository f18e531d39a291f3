/**
 * Picking one image file to upload, as every image input of the app does it (a player's or a
 * team's avatar, a game's poster, the site logo): a hidden file input opened by a button, the
 * file checked against the API's limit, and a preview URL that lives as long as its choice. Each
 * screen keeps its own look and wording; this holds the behaviour they share.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';

/** Why a chosen file cannot be uploaded. */
export type ImageProblem = 'not_image' | 'too_large' | 'empty';

/** Why `file` cannot be uploaded under `maxBytes`, or undefined when it can. */
export function imageProblem(file: File, maxBytes: number): ImageProblem | undefined {
  if (!file.type.startsWith('image/')) return 'not_image';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'too_large';
  return undefined;
}

export interface ChosenImage {
  file: File;
  /** An object URL of the file, revoked when the choice ends. */
  preview: string;
}

export interface ImagePickerOptions {
  /** The API's limit for this image. */
  maxBytes: number;
  /** A file that cannot be uploaded was picked. */
  onProblem: (problem: ImageProblem) => void;
  /** Takes each good file at once (no preview kept); else it is kept as `chosen`. */
  onPick?: (file: File) => void;
}

export function useImagePicker({ maxBytes, onProblem, onPick }: ImagePickerOptions) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenImage>();

  // The preview URL lives as long as its choice.
  useEffect(() => () => chosen && URL.revokeObjectURL(chosen.preview), [chosen]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires
    if (!picked) return;
    const problem = imageProblem(picked, maxBytes);
    if (problem) onProblem(problem);
    else if (onPick) onPick(picked);
    else setChosen({ file: picked, preview: URL.createObjectURL(picked) });
  };

  return {
    /** Spread on the hidden `<input>` (add an `aria-label` where the screen has one). */
    inputProps: { ref: input, type: 'file', accept: 'image/*', hidden: true, onChange },
    /** Opens the file chooser. */
    open: () => input.current?.click(),
    chosen,
    /** Ends the choice (cancelled or uploaded). */
    clear: () => setChosen(undefined),
  };
}
