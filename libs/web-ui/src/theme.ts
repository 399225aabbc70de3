import type { ThemeConfig } from 'antd';

// antd's default blue and secondary greys fall below WCAG AA contrast on white; these pass 4.5:1.
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0b57d0',
    colorLink: '#0b57d0',
    // antd lightens the primary colour on hover, to below 4.5:1 with white text; hover darkens instead.
    colorPrimaryHover: '#0842a0',
    colorLinkHover: '#0842a0',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    // Select placeholders are real text to axe; antd's rgba(0,0,0,0.25) is 1.9:1. #767676 is 4.5:1 and still reads as a hint.
    colorTextPlaceholder: '#767676',
    // Form errors and danger buttons: antd's #ff4d4f is 3.9:1 on white.
    colorError: '#c5221f',
    // Success and warning texts on their light backgrounds.
    colorSuccess: '#2e7d32',
  },
};
