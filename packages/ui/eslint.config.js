import reactConfig from '@yardsale/eslint-config/react';

export default reactConfig;
