import { useMutation } from '@tanstack/react-query';
import { communityEndpoints, type ReportPostRequest } from '@th/contracts/community';
import { api } from '@/lib/api-client';

export const reportPost = ({ postId, body }: { postId: number; body: ReportPostRequest }) => api.call(communityEndpoints.reportPost, { params: { postId }, body });

export const useReportPost = () => useMutation({ mutationFn: reportPost });
