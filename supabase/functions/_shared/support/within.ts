/** The work's result, or 'deadline' if it takes longer than ms (the work itself goes on). */
export const within = async <T>(work: Promise<T>, ms: number): Promise<T | 'deadline'> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}
