import { FileUpload } from '@fahrwerk/ui';
import { useEffect, useState } from 'react';
import { useStudentAvatar, useUploadAvatar } from '../api/student-queries';
import { useStudentsTranslation } from '../use-students-translation';

/** The contract's avatar limit (StudentAvatarUpload): JPEG or PNG, 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export type StudentAvatarProps = {
  studentId: number;
  name: string;
  fileId: number | undefined;
  canWrite: boolean;
};

/** The student's photo and, with write permission, the upload that replaces it. */
export function StudentAvatar({ studentId, name, fileId, canWrite }: StudentAvatarProps) {
  const { t } = useStudentsTranslation();
  const avatar = useStudentAvatar(studentId, fileId);
  const upload = useUploadAvatar();
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!avatar.data) return;
    const objectUrl = URL.createObjectURL(avatar.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [avatar.data]);

  return (
    <div className="flex flex-wrap items-start gap-4">
      <div className="flex size-28 items-center justify-center overflow-hidden rounded-md border border-neutral-200 bg-neutral-50 text-xs text-neutral-600">
        {url && fileId !== undefined ? (
          <img src={url} alt={t('edit.avatarAlt', { name })} className="size-full object-cover" />
        ) : (
          t('edit.avatarNone')
        )}
      </div>
      {canWrite && (
        <FileUpload
          className="min-w-64 flex-1"
          label={t('edit.avatarUpload')}
          description={t('edit.avatarHint')}
          maxSizeBytes={AVATAR_MAX_BYTES}
          acceptedFileTypes={['image/jpeg', 'image/png']}
          value={[]}
          isDisabled={upload.isPending}
          onChange={(files) => {
            const [file] = files;
            if (file) upload.mutate({ studentId, file });
          }}
        />
      )}
    </div>
  );
}
