import type { ReactNode } from 'react';
import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TAGLINE } from '../../../domain/constants';
import { Logo } from '../../components/logo';
import { PromoCarousel } from './promo-carousel';

/** The 50/50 split of the public screens: wordmark, tagline and form card; promo carousel on the right. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Box
        style={{ background: 'linear-gradient(135deg, #F5E6D3 0%, #E6D5F5 100%)' }}
        px={{ base: 'md', sm: 'xl' }}
        py={{ base: 'xl', md: 0 }}
      >
        <Stack justify="center" align="center" mih={{ base: 'auto', md: '100vh' }} gap="lg">
          <Stack align="center" gap={4}>
            <Logo size={56} />
            <Text c="#666" fw={500}>
              {TAGLINE}
            </Text>
          </Stack>
          <Paper
            w="100%"
            maw={420}
            p={{ base: 'lg', sm: 'xl' }}
            radius={24}
            shadow="md"
            style={{ background: 'rgba(255,255,255,0.78)', backdropFilter: 'blur(12px)', border: '1px solid rgba(255,255,255,0.6)', color: '#333' }}
          >
            {children}
          </Paper>
        </Stack>
      </Box>
      <PromoCarousel />
    </SimpleGrid>
  );
}

/** The title and one line under it, the same on every public form. */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2" c="#333">
        {title}
      </Title>
      <Text size="sm" c="#666">
        {children}
      </Text>
    </div>
  );
}
