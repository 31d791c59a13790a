import type { Level } from '../../domain/levels';

export type NavItem = { label: string; to: string; icon: string };

/**
 * The side menu of each level: the spec's items (part 1 "Shared layout"), and HR's 'Tokens', which
 * the spec's level 2 menu omits though /level2/tokens is one of its routes (issue 23 §15).
 */
export const NAVIGATION: Record<Level, NavItem[]> = {
  1: [
    { label: 'Panel', to: '/level1/dashboard', icon: 'dashboard' },
    { label: 'Empresas', to: '/level1/companies', icon: 'building' },
    { label: 'Beneficios Jobby', to: '/level1/benefits/jobby', icon: 'gift' },
    { label: 'Solicitudes', to: '/level1/benefits/requests', icon: 'inbox' },
    { label: 'Proveedores', to: '/level1/providers', icon: 'store' },
    { label: 'Tokens', to: '/level1/tokens', icon: 'coins' },
    { label: 'Diagnóstico de usuarios', to: '/level1/users/list', icon: 'users' },
    { label: 'Asignar niveles', to: '/level1/users/assign-levels', icon: 'shield' },
    { label: 'Logros', to: '/level1/achievements', icon: 'trophy' },
    { label: 'Encuestas', to: '/level1/surveys', icon: 'clipboard' },
    { label: 'Gestión del bot', to: '/level1/bot-management', icon: 'robot' },
    { label: 'Integraciones', to: '/level1/integrations', icon: 'plug' },
    { label: 'Eventos fallidos', to: '/level1/events/dead', icon: 'alert' },
  ],
  2: [
    { label: 'Panel', to: '/level2/dashboard', icon: 'dashboard' },
    { label: 'Beneficios', to: '/level2/benefits', icon: 'gift' },
    { label: 'Tokens', to: '/level2/tokens', icon: 'coins' },
    { label: 'Usuarios', to: '/level2/users', icon: 'users' },
    { label: 'Solicitudes', to: '/level2/requests', icon: 'inbox' },
    { label: 'Bot de bienestar', to: '/level2/bot-messaging', icon: 'robot' },
    { label: 'Integraciones', to: '/level2/integrations', icon: 'plug' },
  ],
  3: [
    { label: 'Inicio', to: '/level3/dashboard', icon: 'dashboard' },
    { label: 'Beneficios flexibles', to: '/level3/benefits', icon: 'gift' },
    { label: 'Beneficios de mi empresa', to: '/level3/company-benefits', icon: 'building' },
    { label: 'Mis solicitudes', to: '/level3/requests', icon: 'inbox' },
    { label: 'Encuesta', to: '/level3/survey', icon: 'clipboard' },
  ],
  4: [
    { label: 'Panel', to: '/level4', icon: 'dashboard' },
    { label: 'Verificar token', to: '/level4', icon: 'scan' },
  ],
};
