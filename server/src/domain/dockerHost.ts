/** Answers an error message when `DOCKER_HOST` has a form the Docker provider cannot use. */
export function dockerHostProblem(value: string): string | null {
  if (/^unix:\/\/\/.+/.test(value)) return null;
  if (/^(tcp|http|https):\/\/[^/]+/.test(value)) {
    try {
      new URL(value);
      return null;
    } catch {
      return 'DOCKER_HOST is not a valid URL';
    }
  }
  return 'DOCKER_HOST must look like unix:///var/run/docker.sock or tcp://host:2375';
}
