import baseConfig from '@yardsale/eslint-config/base';

export default baseConfig;
