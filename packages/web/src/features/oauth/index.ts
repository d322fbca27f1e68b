/** What other features use from third-party sign-in: the login page's buttons and the personal page's bindings. */
export { ThirdPartyLoginButtons } from './components/third-party-login-buttons';
export { AccountBindings } from './components/account-bindings';
export { waitingAuthorizationParams, loginStepFor } from './oauth-flow';
