import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { keys } from '../../api/query-keys';

type Category = components['schemas']['CategoryResource'];

const FIELDS = ['name'] as const;
type Field = (typeof FIELDS)[number];

/** A category's name, new or renamed (the API refuses a name the shop already has, at the field). */
export function CategoryForm({ category, onSaved }: { category: Category | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(category?.name ?? '');
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  const save = useMutation({
    mutationFn: async (body: { name: string }) =>
      category
        ? (await unwrap(api.PATCH('/api/v1/merchant/categories/{id}', { params: { path: { id: category.id } }, body }))).data
        : (await unwrap(api.POST('/api/v1/merchant/categories', { body }))).data,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: keys.categories.all });
      notifications.show({ color: 'teal', message: t('categories.saved', { name: saved.name }) });
      onSaved();
    },
    onError: (error) => setErrors(formErrorsOf(error, FIELDS, t('common.error'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label={t('categories.name')}
          required
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
