/**
 * What other features use from third-party sign-in: the login page's buttons, the personal page's bindings
 * and the settings card of custom providers.
 */
export { ThirdPartyLoginButtons } from './components/third-party-login-buttons';
export { AccountBindings } from './components/account-bindings';
export { CustomProvidersCard } from './components/custom-providers/custom-providers-card';
export { waitingAuthorizationParams, loginStepFor } from './oauth-flow';
