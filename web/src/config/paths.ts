/** Typed paths of every screen (docs/product.md). */
export const PATHS = Object.freeze({
  wheel: '/',
  login: '/login',
  operatorLogin: '/operator-login',
  dashboard: '/dashboard',
  admin: '/admin',
  adminBusiness: '/admin/business',
  adminGame: '/admin/game',
  adminInsights: '/admin/insights',
  adminCustomers: '/admin/customers',
  adminShare: '/admin/share',
  adminAccountAdmin: '/admin/accounts/admin',
  adminAccountOperator: '/admin/accounts/operator',
});
export type AppPath = (typeof PATHS)[keyof typeof PATHS];
