// Types of vite-plugin-pwa's virtual registration module (virtual:pwa-register/react).
/// <reference types="vite-plugin-pwa/react" />
