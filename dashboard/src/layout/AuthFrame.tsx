import type { ReactNode } from 'react';
import { Container, Group } from '@mantine/core';
import { ConnectionBanner } from './ConnectionBanner';
import { LanguageSelect } from './LanguageSelect';

/** The pages before signing in (sign in, create a shop): narrow, centred, with the language control. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <ConnectionBanner />
      <main id="main">
        <Container size={440} py="xl">
          <Group justify="flex-end" mb="md">
            <LanguageSelect compact />
          </Group>
          {children}
        </Container>
      </main>
    </>
  );
}
