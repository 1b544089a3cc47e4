import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { ShopLanguage } from '@common/i18n/shop-locale';
import { MAIL_TEXTS } from './mail-texts';

const body = { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', color: '#18181b' };
const container = { backgroundColor: '#ffffff', margin: '24px auto', padding: '24px 32px', maxWidth: '560px', borderRadius: '8px' };
const heading = { fontSize: '20px', margin: '0 0 16px' };
const button = {
  backgroundColor: '#18181b',
  color: '#ffffff',
  borderRadius: '6px',
  padding: '12px 20px',
  fontSize: '14px',
  fontWeight: 'bold',
  textDecoration: 'none',
};
const footer = { fontSize: '12px', color: '#71717a' };

export interface MailLayoutProps {
  language: ShopLanguage;
  shopName: string;
  recipientName: string;
  /** The line mail clients show beside the subject. */
  preview: string;
  children: ReactNode;
  action: { href: string; label: string };
  /** The footer's sentence; the shop-team one by default. */
  footer?: string;
}

/** What every mail shares: the shop's name, the greeting, one button, the footer (to the shop's people unless told). */
export function MailLayout({ language, shopName, recipientName, preview, children, action, footer: footerText }: MailLayoutProps) {
  const texts = MAIL_TEXTS[language];
  return (
    <Html lang={language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Heading as="h1" style={heading}>
            {shopName}
          </Heading>
          <Text>{texts.hello(recipientName)}</Text>
          {children}
          <Section style={{ margin: '24px 0' }}>
            <Button href={action.href} style={button}>
              {action.label}
            </Button>
          </Section>
          <Hr />
          <Text style={footer}>{footerText ?? texts.footer(shopName)}</Text>
        </Container>
      </Body>
    </Html>
  );
}
