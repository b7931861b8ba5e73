/**
 * The business logo's upload: the picked image checked, made the size the pages need and
 * uploaded ("Uploading...", then "Logo uploaded" or why not). The URL it gets is the form's to
 * save with the other fields.
 */
import { useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { precheckLogo, prepareLogo, UnreadableLogoError, uploadLogo } from '../api/upload-logo';
import type { Notice } from '../components/notice';
import { failureDetail } from './use-admin-session';

export interface LogoUploadEvents {
  /** An upload starts (before its checks). */
  onStart: () => void;
  /** The image is uploaded at `logoUrl`. */
  onUploaded: (logoUrl: string) => void;
  /** Whether the failure was the session's, and handled. */
  onSessionError: (error: unknown) => boolean;
}

export function useLogoUpload({ onStart, onUploaded, onSessionError }: LogoUploadEvents) {
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<Notice>();

  async function takeLogo(file: File) {
    onStart();
    const problem = precheckLogo(file);
    if (problem) {
      setNotice({ kind: 'error', text: MESSAGES.logoUploadFailed, detail: problem });
      return;
    }
    setUploading(true);
    setNotice(undefined);
    try {
      onUploaded(await uploadLogo(await prepareLogo(file)));
      setNotice({ kind: 'success', text: MESSAGES.logoUploaded });
    } catch (error) {
      if (onSessionError(error)) return;
      setNotice({
        kind: 'error',
        text: MESSAGES.logoUploadFailed,
        detail: error instanceof UnreadableLogoError ? error.message : failureDetail(error),
      });
    } finally {
      setUploading(false);
    }
  }

  return { uploading, notice, setNotice, takeLogo };
}
