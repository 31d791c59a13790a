import type { Level } from '../../domain/levels';
import { href, paths } from '../../domain/paths';

export type NavItem = { label: string; to: string; icon: string };

/**
 * The side menu of each level: the spec's items (part 1 "Shared layout"), and HR's 'Tokens', which
 * the spec's level 2 menu omits though /level2/tokens is one of its routes (decision 268).
 */
export const NAVIGATION: Record<Level, NavItem[]> = {
  1: [
    { label: 'Panel', to: href(paths.admin.dashboard), icon: 'dashboard' },
    { label: 'Empresas', to: href(paths.admin.companies), icon: 'building' },
    { label: 'Beneficios Jobby', to: href(paths.admin.platformBenefits), icon: 'gift' },
    { label: 'Solicitudes', to: href(paths.admin.requests), icon: 'inbox' },
    { label: 'Proveedores', to: href(paths.admin.providers), icon: 'store' },
    { label: 'Tokens', to: href(paths.admin.tokens), icon: 'coins' },
    { label: 'Diagnóstico de usuarios', to: href(paths.admin.userDiagnostics), icon: 'users' },
    { label: 'Asignar niveles', to: href(paths.admin.assignLevels), icon: 'shield' },
    { label: 'Logros', to: href(paths.admin.achievements), icon: 'trophy' },
    { label: 'Encuestas', to: href(paths.admin.surveys), icon: 'clipboard' },
    { label: 'Gestión del bot', to: href(paths.admin.botManagement), icon: 'robot' },
    { label: 'Integraciones', to: href(paths.admin.integrations), icon: 'plug' },
    { label: 'Eventos fallidos', to: href(paths.admin.deadEvents), icon: 'alert' },
  ],
  2: [
    { label: 'Panel', to: href(paths.hr.dashboard), icon: 'dashboard' },
    { label: 'Beneficios', to: href(paths.hr.benefits), icon: 'gift' },
    { label: 'Tokens', to: href(paths.hr.tokens), icon: 'coins' },
    { label: 'Usuarios', to: href(paths.hr.users), icon: 'users' },
    { label: 'Solicitudes', to: href(paths.hr.requests), icon: 'inbox' },
    { label: 'Bot de bienestar', to: href(paths.hr.botMessaging), icon: 'robot' },
    { label: 'Integraciones', to: href(paths.hr.integrations), icon: 'plug' },
  ],
  3: [
    { label: 'Inicio', to: href(paths.employee.dashboard), icon: 'dashboard' },
    { label: 'Beneficios flexibles', to: href(paths.employee.benefits), icon: 'gift' },
    { label: 'Beneficios de mi empresa', to: href(paths.employee.companyBenefits), icon: 'building' },
    { label: 'Mis solicitudes', to: href(paths.employee.requests), icon: 'inbox' },
    { label: 'Encuesta', to: href(paths.employee.survey), icon: 'clipboard' },
  ],
  4: [
    { label: 'Panel', to: href(paths.provider.root), icon: 'dashboard' },
    { label: 'Verificar token', to: href(paths.provider.root), icon: 'scan' },
  ],
};
