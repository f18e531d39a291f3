/**
 * The admin-editable settings: stored as `Section.Key` rows, read as three typed sections with the
 * seed's defaults filling whatever was never saved. Pure: no I/O.
 */
import type { components } from '#wire/schema.gen.js';

type Schemas = components['schemas'];
export type AccountPolicy = Schemas['AccountPolicy'];
export type GlobalConfig = Schemas['GlobalConfig'];
export type ContainerPolicy = Schemas['ContainerPolicy'];
export type ClientConfig = Schemas['ClientConfig'];

export interface SiteSettings {
  accountPolicy: AccountPolicy;
  globalConfig: GlobalConfig;
  containerPolicy: ContainerPolicy;
}

export const defaultSettings: SiteSettings = {
  accountPolicy: {
    allowRegister: true,
    activeOnRegister: true,
    useCaptcha: false,
    emailConfirmationRequired: false,
    emailDomainList: '',
    requireSecondStepForStaff: false,
    ssoOnly: false,
  },
  globalConfig: {
    title: 'Vexil',
    slogan: 'Hack for fun not for profit',
    description: 'Vexil is an open-source capture-the-flag platform',
    footerInfo: null,
    customTheme: null,
    logoHash: null,
    faviconHash: null,
  },
  containerPolicy: {
    autoDestroyOnLimitReached: false,
    maxExerciseContainerCountPerUser: 1,
    defaultLifetime: 120,
    extensionDuration: 120,
    renewalWindow: 10,
    portMapping: 'Default',
    enableTrafficCapture: false,
  },
};

const sections = {
  accountPolicy: 'AccountPolicy',
  globalConfig: 'GlobalConfig',
  containerPolicy: 'ContainerPolicy',
} as const;

const storedKey = (section: keyof SiteSettings, field: string) =>
  `${sections[section]}.${field[0].toUpperCase()}${field.slice(1)}`;

/** Stored rows over the defaults (deployment defaults first, e.g. the port mapping from env). */
export function settingsFromRows(
  rows: Record<string, unknown>,
  base: SiteSettings = defaultSettings,
): SiteSettings {
  const read = <S extends keyof SiteSettings>(section: S): SiteSettings[S] => {
    const out = { ...base[section] } as Record<string, unknown>;
    for (const field of Object.keys(out)) {
      const key = storedKey(section, field);
      if (key in rows) out[field] = rows[key];
    }
    return out as SiteSettings[S];
  };
  return {
    accountPolicy: read('accountPolicy'),
    globalConfig: read('globalConfig'),
    containerPolicy: read('containerPolicy'),
  };
}

/** The rows to store for a (partial) update: only sections and fields that were given. */
export function rowsFromSettings(
  update: Partial<{ [S in keyof SiteSettings]: Partial<SiteSettings[S]> | null }>,
) {
  const rows: Record<string, unknown> = {};
  for (const section of Object.keys(sections) as Array<keyof SiteSettings>) {
    const values = update[section];
    if (!values) continue;
    for (const [field, value] of Object.entries(values)) {
      if (value !== undefined) rows[storedKey(section, field)] = value;
    }
  }
  return rows;
}

export function clientConfig(settings: SiteSettings): ClientConfig {
  const { globalConfig: g, containerPolicy: c } = settings;
  return {
    title: g.title,
    slogan: g.slogan,
    footerInfo: g.footerInfo ?? null,
    customTheme: g.customTheme ?? null,
    logoUrl: g.logoHash ? `/assets/${g.logoHash}/logo` : null,
    portMapping: c.portMapping ?? 'Default',
    defaultLifetime: c.defaultLifetime,
    extensionDuration: c.extensionDuration,
    renewalWindow: c.renewalWindow,
  };
}
