import {
  IconBallFootball,
  IconBulb,
  IconCards,
  IconChartBar,
  IconClock,
  IconDeviceLaptop,
  IconDeviceMobile,
  IconDeviceTv,
  IconDiscount,
  IconGift,
  IconHeartbeat,
  IconMicrophone2,
  IconMoodHappy,
  IconMoodNeutral,
  IconMoodSad,
  IconMoodSadSquint,
  IconMoodSmile,
  IconMovie,
  IconMusic,
  IconPaw,
  IconRocket,
  IconTicket,
  IconToolsKitchen2,
  IconTrendingUp,
  IconTrophy,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

/**
 * The picture of each survey option: icons rather than emoji, which render as empty boxes where no
 * emoji font is installed. Decorative: every option also has its Spanish name.
 */
const ICONS: Record<string, Icon> = {
  sabados_gigantes: IconDeviceTv,
  pokemon_yugioh: IconCards,
  tiktok_reggaeton: IconMusic,
  juegos_plazuela: IconBallFootball,
  streaming_netflix: IconMovie,
  festival_vina: IconMicrophone2,
  comidas: IconToolsKitchen2,
  experiencias: IconTicket,
  regalos: IconGift,
  mascotas: IconPaw,
  suscripciones: IconDeviceMobile,
  descuentos: IconDiscount,
  innovator: IconBulb,
  analyzer: IconChartBar,
  collaborator: IconUsersGroup,
  executor: IconRocket,
  wellness: IconHeartbeat,
  growth: IconTrendingUp,
  flexibility: IconClock,
  team: IconUsers,
  tech: IconDeviceLaptop,
  rewards: IconTrophy,
  muy_insatisfecho: IconMoodSadSquint,
  insatisfecho: IconMoodSad,
  neutral: IconMoodNeutral,
  satisfecho: IconMoodSmile,
  muy_satisfecho: IconMoodHappy,
};

export function OptionIcon({ id, size = 36 }: { id: string; size?: number }) {
  const Component = ICONS[id];
  return Component ? <Component size={size} stroke={1.6} aria-hidden="true" /> : null;
}
