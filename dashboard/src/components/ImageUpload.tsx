import { useId, useState } from 'react';
import { Group, Image, Input, Loader } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { uploadImage } from '../api/uploads';

interface ImageUploadProps {
  label: string;
  description?: string;
  /** The current image's URL ('' for none): shown as the preview. */
  value: string;
  /** Called with the upload's URL once the chosen file is stored. */
  onChange: (url: string) => void;
  /** The form's own refusal of the URL (a 422 at the field it fills). */
  error?: string;
}

/**
 * Whether the page may show `url`: its Content-Security-Policy loads images over https and from the
 * service itself (an upload's URL), nothing else; an address being typed shows no preview.
 */
function previewable(url: string): boolean {
  if (url.startsWith('https://')) return true;
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * A file input that uploads the chosen image at once (JPEG, PNG or WebP) and shows it: the form
 * then saves the upload's URL like any other (docs/dashboard.md, "Images").
 */
export function ImageUpload({ label, description, value, onChange, error }: ImageUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadImage,
    onSuccess: (stored) => {
      setRefusal(null);
      onChange(stored.url);
    },
    onError: (failure) => setRefusal(failure instanceof ApiError ? (failure.field('file') ?? failure.message) : t('common.error')),
  });

  return (
    <Input.Wrapper id={id} label={label} description={description} error={refusal ?? error}>
      <Group gap="sm" align="center" mt={4}>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          style={{ maxWidth: '100%' }}
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) upload.mutate(file);
          }}
        />
        {upload.isPending && <Loader size="xs" aria-label={t('upload.uploading')} />}
      </Group>
      {value !== '' && previewable(value) && (
        <Image src={value} alt={t('upload.preview', { label })} h={120} w="auto" maw="100%" fit="contain" radius="sm" mt="xs" />
      )}
    </Input.Wrapper>
  );
}
