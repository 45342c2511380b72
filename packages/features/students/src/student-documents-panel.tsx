import { DOCUMENT_TYPES, MAX_UPLOAD_BYTES } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  FileUpload,
  formatDateTime,
  Section,
  Select,
  SelectItem,
  Spinner,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type DocumentType,
  type DownloadedFile,
  type Student,
  type StudentDocument,
  useDocumentVisibility,
  useDownloadDocument,
  useStudentDocumentMutations,
  useStudentDocuments,
  useStudentEducations,
  useUploadDocument,
} from './api/student-queries';
import { FileViewer, formatSize, showOrSave } from './components/file-viewer';
import { useStudentsTranslation } from './use-students-translation';

export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/** The documents tab: upload (type, education, visibility), list, view/download, visibility, delete. */
export function StudentDocumentsPanel({ student }: { student: Student }) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE') && !student.archived;
  const documents = useStudentDocuments(student.id);
  const educations = useStudentEducations(student.id);
  const upload = useUploadDocument();
  const visibility = useDocumentVisibility();
  const remove = useStudentDocumentMutations().delete;
  const download = useDownloadDocument();
  const [files, setFiles] = useState<File[]>([]);
  const [type, setType] = useState<DocumentType>('OTHER');
  const [educationId, setEducationId] = useState('');
  const [visible, setVisible] = useState(false);
  const [viewing, setViewing] = useState<DownloadedFile | null>(null);
  const [deleting, setDeleting] = useState<StudentDocument | null>(null);
  const educationLabel = (id: number | undefined) => {
    const education = educations.data?.find((e) => e.id === id);
    return education
      ? t('timeline.education', { licenseClass: education.licenseClass })
      : t('documents.wholeStudent');
  };

  const handleUpload = async () => {
    const [file] = files;
    if (!file) return;
    await upload.mutateAsync({
      file,
      studentId: student.id,
      type,
      visible,
      ...(educationId ? { studentEducationId: Number(educationId) } : {}),
    });
    setFiles([]);
    toast.success(t('documents.uploaded'));
  };

  return (
    <div className="flex flex-col gap-4">
      {canWrite && (
        <Section title={t('documents.upload')} columns>
          <FileUpload
            className="sm:col-span-2"
            label={t('documents.file')}
            description={t('documents.fileHint')}
            maxSizeBytes={MAX_UPLOAD_BYTES}
            acceptedFileTypes={DOCUMENT_MIME_TYPES}
            value={files}
            onChange={setFiles}
          />
          <Select
            label={t('documents.type')}
            selectedKey={type}
            onSelectionChange={(key) => setType(String(key) as DocumentType)}
          >
            {DOCUMENT_TYPES.map((value) => (
              <SelectItem key={value} id={value}>
                {t(`enum.documentType.${value}`)}
              </SelectItem>
            ))}
          </Select>
          <Select
            label={t('documents.education')}
            selectedKey={educationId || 'none'}
            onSelectionChange={(key) => setEducationId(key === 'none' ? '' : String(key))}
          >
            {[
              <SelectItem key="none" id="none">
                {t('documents.wholeStudent')}
              </SelectItem>,
              ...(educations.data ?? [])
                .filter((education) => !education.archived)
                .map((education) => (
                  <SelectItem key={education.id} id={String(education.id)}>
                    {t('timeline.education', { licenseClass: education.licenseClass })}
                  </SelectItem>
                )),
            ]}
          </Select>
          <Switch isSelected={visible} onChange={setVisible}>
            {t('documents.visible')}
          </Switch>
          <div className="flex justify-end">
            <Button
              onPress={() => handleUpload().catch(() => undefined)}
              isDisabled={files.length === 0}
              isPending={upload.isPending}
            >
              {t('documents.upload')}
            </Button>
          </div>
        </Section>
      )}
      <Section title={t('documents.title')}>
        {documents.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : documents.error ? (
          <ErrorState message={t('documents.loadError')} onRetry={() => documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <EmptyState title={t('documents.empty')} />
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-start text-neutral-600">
                <th className="py-2 text-start font-medium">{t('documents.fileName')}</th>
                <th className="py-2 text-start font-medium">{t('documents.type')}</th>
                <th className="py-2 text-start font-medium">{t('documents.education')}</th>
                <th className="py-2 text-start font-medium">{t('documents.uploadedAt')}</th>
                <th className="py-2 text-start font-medium">{t('documents.visible')}</th>
                <th className="py-2">
                  <span className="sr-only">{t('edit.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {documents.data.map((document) => (
                <tr key={document.id} className="border-b border-neutral-100">
                  <td className="py-2">
                    <Button
                      variant="quiet"
                      size="sm"
                      onPress={() =>
                        download.mutate(document, {
                          onSuccess: (file) => showOrSave(file, setViewing),
                        })
                      }
                    >
                      {document.fileName}
                    </Button>
                    <span className="ms-1 text-xs text-neutral-600">
                      {formatSize(document.size)}
                    </span>
                    {document.generated && (
                      <Badge tone="brand" className="ms-2">
                        {t('documents.generated')}
                      </Badge>
                    )}
                  </td>
                  <td className="py-2">{t(`enum.documentType.${document.type}`)}</td>
                  <td className="py-2">{educationLabel(document.studentEducationId)}</td>
                  <td className="py-2">{formatDateTime(document.uploadedAt)}</td>
                  <td className="py-2">
                    <Switch
                      aria-label={t('documents.visibleFor', { fileName: document.fileName })}
                      isSelected={document.visible}
                      isDisabled={!canWrite}
                      onChange={(value) =>
                        visibility.mutate(
                          { id: document.id, visible: value },
                          { onSuccess: () => toast.success(t('messages.save_success')) },
                        )
                      }
                    />
                  </td>
                  <td className="py-2 text-end">
                    <ActionMenu
                      label={t('documents.actionsFor', { fileName: document.fileName })}
                      items={[
                        { id: 'open', label: t('documents.open') },
                        ...(canWrite && !document.generated
                          ? [{ id: 'delete', label: t('common.delete'), isDanger: true }]
                          : []),
                      ]}
                      onAction={(action) => {
                        if (action === 'delete') setDeleting(document);
                        else
                          download.mutate(document, {
                            onSuccess: (file) => showOrSave(file, setViewing),
                          });
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <FileViewer file={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        variant="destructive"
        title={t('documents.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t('messages.delete_success'));
        }}
      >
        {deleting && t('documents.deleteText', { fileName: deleting.fileName })}
      </ConfirmDialog>
    </div>
  );
}
