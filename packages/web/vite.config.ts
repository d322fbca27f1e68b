import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

/** The console builds to dist/, which the server serves with an SPA fallback; dev proxies /api to it. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@gw/contracts': contracts } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      onwarn(warning, warn) {
        // Third-party annotation comments Rollup cannot place (zod) are harmless noise.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+)\//.test(id)) return 'antd';
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          // Charts load only with the dashboard, not with every page.
          if (/node_modules\/(echarts|zrender)\//.test(id)) return 'echarts';
          return 'vendor';
        },
      },
    },
  },
});
