# One image for every app process (docker-compose.yml runs two). Builds the web app and the server
# bundle, then runs `node dist/main.js` from apps/server, as `npm start` does.
FROM node:22-bookworm-slim
WORKDIR /app
# Every interface: the container's port is what is published (the server's own default outside
# production is this machine only, decision 052).
ENV NODE_ENV=production HOST=0.0.0.0
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# Dev dependencies are needed to build (Vite, esbuild, TypeScript).
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
WORKDIR /app/apps/server
EXPOSE 3000
CMD ["node", "dist/main.js"]
