/** The brand's colours and gradients (LOOK-AND-FEEL.md), for screens and the layout alike. */
export const BRAND = {
  logoPurple: '#773D76',
  logoGold: '#EEAA15',
  violetGradient: 'linear-gradient(135deg, #667eea 0%, #764ba2 100%)',
  employeeBackground: 'linear-gradient(135deg, #F5E6D3 0%, #E6D5F5 100%)',
  flexibleGradient: 'linear-gradient(135deg, #6B3AA0 0%, #8B5BA8 100%)',
  companyGradient: 'linear-gradient(135deg, #D4A645 0%, #C9A23E 100%)',
};
