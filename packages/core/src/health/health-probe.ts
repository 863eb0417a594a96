/** Port: whether the storage behind the stores answers right now (what `/health` reports). */
export interface HealthProbe {
  isHealthy(): Promise<boolean>;
}
