import enCommon from './locales/en/common.json';
import enLayout from './locales/en/layout.json';
import enAuth from './locales/en/auth.json';
import enSetup from './locales/en/setup.json';
import enUsers from './locales/en/users.json';
import enSettings from './locales/en/settings.json';
import enHome from './locales/en/home.json';
import enPlaceholders from './locales/en/placeholders.json';
import enTokens from './locales/en/tokens.json';
import enRedemptions from './locales/en/redemptions.json';
import enTopup from './locales/en/topup.json';
import enModelHub from './locales/en/model-hub.json';
import enLogs from './locales/en/logs.json';
import enDashboard from './locales/en/dashboard.json';
import enActivityCenter from './locales/en/activity-center.json';
import enActivityConfig from './locales/en/activity-config.json';
import enCustomModels from './locales/en/custom-models.json';
import enAipyConf from './locales/en/aipy-conf.json';
import enChannels from './locales/en/channels.json';
import enPersonal from './locales/en/personal.json';
import enTwoFactor from './locales/en/two-factor.json';
import enOauth from './locales/en/oauth.json';
import enTasks from './locales/en/tasks.json';
import enRatioSync from './locales/en/ratio-sync.json';
import enPerformance from './locales/en/performance.json';
import enPrefillGroups from './locales/en/prefill-groups.json';
import enPlayground from './locales/en/playground.json';
import enSubscriptions from './locales/en/subscriptions.json';
import enModelMetadata from './locales/en/model-metadata.json';
import zhCommon from './locales/zh/common.json';
import zhLayout from './locales/zh/layout.json';
import zhAuth from './locales/zh/auth.json';
import zhSetup from './locales/zh/setup.json';
import zhUsers from './locales/zh/users.json';
import zhSettings from './locales/zh/settings.json';
import zhHome from './locales/zh/home.json';
import zhPlaceholders from './locales/zh/placeholders.json';
import zhTokens from './locales/zh/tokens.json';
import zhRedemptions from './locales/zh/redemptions.json';
import zhTopup from './locales/zh/topup.json';
import zhModelHub from './locales/zh/model-hub.json';
import zhLogs from './locales/zh/logs.json';
import zhDashboard from './locales/zh/dashboard.json';
import zhActivityCenter from './locales/zh/activity-center.json';
import zhActivityConfig from './locales/zh/activity-config.json';
import zhCustomModels from './locales/zh/custom-models.json';
import zhAipyConf from './locales/zh/aipy-conf.json';
import zhChannels from './locales/zh/channels.json';
import zhPersonal from './locales/zh/personal.json';
import zhTwoFactor from './locales/zh/two-factor.json';
import zhOauth from './locales/zh/oauth.json';
import zhTasks from './locales/zh/tasks.json';
import zhRatioSync from './locales/zh/ratio-sync.json';
import zhPerformance from './locales/zh/performance.json';
import zhPrefillGroups from './locales/zh/prefill-groups.json';
import zhPlayground from './locales/zh/playground.json';
import zhSubscriptions from './locales/zh/subscriptions.json';
import zhModelMetadata from './locales/zh/model-metadata.json';

/** One namespace per feature; `scripts/check-i18n-keys.mjs` keeps the two languages' keys equal. */
export const resources = {
  en: {
    common: enCommon,
    layout: enLayout,
    auth: enAuth,
    setup: enSetup,
    users: enUsers,
    settings: enSettings,
    home: enHome,
    placeholders: enPlaceholders,
    tokens: enTokens,
    redemptions: enRedemptions,
    topup: enTopup,
    modelHub: enModelHub,
    logs: enLogs,
    dashboard: enDashboard,
    activityCenter: enActivityCenter,
    activityConfig: enActivityConfig,
    customModels: enCustomModels,
    aipyConf: enAipyConf,
    channels: enChannels,
    personal: enPersonal,
    twoFactor: enTwoFactor,
    oauth: enOauth,
    tasks: enTasks,
    ratioSync: enRatioSync,
    performance: enPerformance,
    prefillGroups: enPrefillGroups,
    playground: enPlayground,
    subscriptions: enSubscriptions,
    modelMetadata: enModelMetadata,
  },
  zh: {
    common: zhCommon,
    layout: zhLayout,
    auth: zhAuth,
    setup: zhSetup,
    users: zhUsers,
    settings: zhSettings,
    home: zhHome,
    placeholders: zhPlaceholders,
    tokens: zhTokens,
    redemptions: zhRedemptions,
    topup: zhTopup,
    modelHub: zhModelHub,
    logs: zhLogs,
    dashboard: zhDashboard,
    activityCenter: zhActivityCenter,
    activityConfig: zhActivityConfig,
    customModels: zhCustomModels,
    aipyConf: zhAipyConf,
    channels: zhChannels,
    personal: zhPersonal,
    twoFactor: zhTwoFactor,
    oauth: zhOauth,
    tasks: zhTasks,
    ratioSync: zhRatioSync,
    performance: zhPerformance,
    prefillGroups: zhPrefillGroups,
    playground: zhPlayground,
    subscriptions: zhSubscriptions,
    modelMetadata: zhModelMetadata,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];
